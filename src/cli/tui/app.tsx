import { Box, Text, useApp, useInput, useStdout } from 'ink';
import { useEffect, useRef, useState } from 'react';
import type { DashboardSource } from '../../app/dashboard-source.js';
import {
  DetailPane,
  EmailList,
  Header,
  Help,
  LinkPicker,
  ProgressLine,
  TestForm,
  Trace,
} from './components.js';
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
  // Keys can arrive before Ink re-subscribes the handler after a render; read the newest state.
  const latest = useRef(dash);
  latest.current = dash;

  useInput((input, key) => {
    const d = latest.current;
    if (d.mode === 'filter') {
      if (key.escape) {
        d.setFilter(d.search);
        return d.setMode('list');
      }
      if (key.return) {
        d.applySearch(d.filter);
        return d.setMode('list');
      }
      return d.setFilter(edit(d.filter, input, key));
    }
    if (d.mode === 'test') {
      if (key.escape) return d.setMode('list');
      if (key.tab) return d.setTest((t) => ({ ...t, field: ((t.field + 1) % 3) as 0 | 1 | 2 }));
      if (key.return) return void d.runTest();
      const name = (['subject', 'sender', 'content'] as const)[d.test.field];
      return d.setTest((t) => ({ ...t, [name]: edit(t[name], input, key) }));
    }
    if (d.mode === 'links') {
      const n = Number(input);
      const url = Number.isInteger(n) && n >= 1 ? d.links[n - 1] : undefined;
      if (url) return void d.analyze(url);
      d.setMessage('');
      return d.setMode('list');
    }
    // Keys typed faster than a frame arrive together ("jjj"): each one counts.
    if (d.mode === 'list' && input.length > 1 && !key.ctrl && !key.meta && /^[jkJK]+$/.test(input)) {
      for (const ch of input) {
        if (ch === 'j') d.move(1);
        else if (ch === 'k') d.move(-1);
        else d.setScroll((s) => Math.max(0, s + (ch === 'J' ? 5 : -5)));
      }
      return;
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
    // The details pane scrolls: J/K or PgDn/PgUp.
    if (key.pageDown || input === 'J') return d.setScroll((s) => s + 5);
    if (key.pageUp || input === 'K') return d.setScroll((s) => Math.max(0, s - 5));
    if (key.return) {
      return d.open();
    }
    if (key.escape) return d.setExpanded(false);
    if (input === '/') {
      d.setFilter(d.search);
      return d.setMode('filter');
    }
    if (input in LEVEL_KEYS) {
      d.setCursor(0);
      return d.setLevel(LEVEL_KEYS[input] ?? null);
    }
    if (input === 'x') return d.toggleCheck();
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
      <Header overview={d.overview} source={source.label} level={d.level} filter={d.search} />
      {d.mode === 'help' ? (
        <Help />
      ) : d.mode === 'test' ? (
        <TestForm {...d.test} />
      ) : d.mode === 'trace' ? (
        <Trace trace={d.trace} />
      ) : d.mode === 'links' ? (
        <LinkPicker links={d.links} />
      ) : (
        <Box height={bodyHeight}>
          <EmailList
            emails={d.visible}
            total={d.total}
            checked={d.checked}
            cursor={Math.min(d.cursor, Math.max(0, d.visible.length - 1))}
            height={bodyHeight - 1}
            width={listWidth}
          />
          <Box marginLeft={1} width={cols - listWidth - 1}>
            <DetailPane
              email={d.detail ?? d.selected}
              expanded={d.expanded && !!d.detail}
              scroll={d.scroll}
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

/**
 * A line editor's keys for the text fields: Backspace, Ctrl-U (clear), Ctrl-W (last word);
 * other control keys type nothing.
 */
export function edit(
  value: string,
  input: string,
  key: { backspace?: boolean; delete?: boolean; ctrl?: boolean; meta?: boolean },
): string {
  if (key.backspace || key.delete) return value.slice(0, -1);
  if (key.ctrl && input === 'u') return '';
  if (key.ctrl && input === 'w') return value.replace(/\S+\s*$/, '');
  if (key.ctrl || key.meta) return value;
  return value + input;
}
