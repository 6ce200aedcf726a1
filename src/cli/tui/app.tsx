import { Box, Text, useApp, useInput, useStdout } from 'ink';
import { useEffect, useRef, useState } from 'react';
import type { DashboardSource } from '../../app/dashboard-source.js';
import { DetailPane, EmailList, Header, Help, ProgressLine, TestForm, Trace } from './components.js';
import { LEVEL_KEYS, STATUS_KEYS, useDashboard } from './use-dashboard.js';

function useSize() {
  const { stdout } = useStdout();
  const [size, setSize] = useState({ cols: stdout.columns || 80, rows: stdout.rows || 24 });
  useEffect(() => {
    const on = () => setSize({ cols: stdout.columns || 80, rows: stdout.rows || 24 });
    stdout.on('resize', on);
    return () => {
      stdout.off('resize', on);
    };
  }, [stdout]);
  return size;
}

/** Wires keys to the dashboard hook; everything shown comes from the hook's state. */
export function App({ source }: { source: DashboardSource }) {
  const dash = useDashboard(source);
  const { exit } = useApp();
  const { cols, rows } = useSize();
  const [expanded, setExpanded] = useState(false);
  // Keys can arrive before Ink re-subscribes the handler after a render; read the newest state.
  const latest = useRef(dash);
  latest.current = dash;

  useInput((input, key) => {
    const d = latest.current;
    if (d.mode === 'filter') {
      if (key.return || key.escape) return d.setMode('list');
      if (key.backspace || key.delete) return d.setFilter(d.filter.slice(0, -1));
      return d.setFilter(d.filter + input);
    }
    if (d.mode === 'test') {
      if (key.escape) return d.setMode('list');
      if (key.tab) return d.setTest((t) => ({ ...t, field: ((t.field + 1) % 3) as 0 | 1 | 2 }));
      if (key.return) return void d.runTest();
      const name = (['subject', 'sender', 'content'] as const)[d.test.field];
      if (key.backspace || key.delete) return d.setTest((t) => ({ ...t, [name]: t[name].slice(0, -1) }));
      return d.setTest((t) => ({ ...t, [name]: t[name] + input }));
    }
    if (d.mode === 'status') {
      const status = STATUS_KEYS[input];
      if (status) return void d.setStatus(status);
      return d.setMode('list');
    }
    if (d.mode === 'help' || d.mode === 'trace') {
      if (key.escape || input === 'q' || input === '?' || key.return) return d.setMode('list');
      return;
    }
    if (input === 'q') return exit();
    if (key.upArrow || input === 'k') return d.move(-1);
    if (key.downArrow || input === 'j') return d.move(1);
    if (key.return) {
      setExpanded(true);
      return void d.open();
    }
    if (key.escape) return setExpanded(false);
    if (input === '/') {
      d.setFilter('');
      return d.setMode('filter');
    }
    if (input in LEVEL_KEYS) {
      d.setCursor(0);
      return d.setLevel(LEVEL_KEYS[input] ?? null);
    }
    if (input === 's') {
      d.setMessage('Status: 1 safe · 2 phishing · 3 false positive (any other key cancels)');
      return d.setMode('status');
    }
    if (input === 'l') return void d.analyzeLink();
    if (input === 'r') return void d.rescan();
    if (input === 't') return d.setMode('test');
    if (input === '?') return d.setMode('help');
  });

  const d = dash;
  const listWidth = Math.max(30, Math.floor(cols * 0.48));
  const bodyHeight = Math.max(5, rows - 7);
  return (
    <Box flexDirection="column" width={cols}>
      <Header overview={d.overview} source={source.label} level={d.level} filter={d.filter} />
      {d.mode === 'help' ? (
        <Help />
      ) : d.mode === 'test' ? (
        <TestForm {...d.test} />
      ) : d.mode === 'trace' ? (
        <Trace trace={d.trace} />
      ) : (
        <Box height={bodyHeight}>
          <EmailList
            emails={d.visible}
            cursor={Math.min(d.cursor, Math.max(0, d.visible.length - 1))}
            height={bodyHeight - 1}
            width={listWidth}
          />
          <Box marginLeft={1} width={cols - listWidth - 1}>
            <DetailPane
              email={d.detail ?? d.selected}
              expanded={expanded && !!d.detail}
              width={cols - listWidth - 1}
              height={bodyHeight}
            />
          </Box>
        </Box>
      )}
      {d.progress ? <ProgressLine done={d.progress.done} total={d.progress.total} width={cols} /> : null}
      <Text dimColor wrap="truncate-end">
        {d.mode === 'filter'
          ? `Filter: ${d.filter}▏ (Enter to apply)`
          : d.message ||
            '↑↓/jk move · Enter details · / filter · 1-4 level · s status · l link · r rescan · t test · ? help · q quit'}
      </Text>
    </Box>
  );
}
