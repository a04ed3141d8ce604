f() { echo in f; echo err >&2; }
f > out 2> err
cat out err
