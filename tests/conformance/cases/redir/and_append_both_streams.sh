echo one > a.txt
{ echo two; echo three >&2; } &>> a.txt
cat a.txt
