echo old > b.txt
{ echo new; echo err >&2; } &> b.txt
cat b.txt
