# User functions: recursion, arrays by reference, extra params as locals.
awk '
function fact(n) { return n <= 1 ? 1 : n * fact(n - 1) }
function fill(arr, n,   i) { for (i = 1; i <= n; i++) arr[i] = i * i; return n }
function swap(x, y,   t) { t = x; x = y; y = t; return x }
BEGIN {
  print fact(10)
  fill(sq, 5); print sq[4], i "|"
  a = 1; b = 2; print swap(a, b), a, b
}'
