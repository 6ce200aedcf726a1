#!/usr/bin/env bash
# Prints the shipped engine's score for every fixture (a quick look after retraining).
for f in fixtures/email/*.eml; do
  node bin/phishguard.js test-email --eml "$f" --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);console.log(process.argv[1].padEnd(30),String(j.risk_score).padStart(3),j.model.top_terms.join("|"))})' "$(basename "$f")"
done
