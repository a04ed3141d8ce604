# split with the default FS, a character, a regex; the array is cleared.
awk 'BEGIN {
  n = split("  a b   c ", p); print n, p[1], p[3]
  n = split("x:y:z", p, ":"); print n, p[1] p[2] p[3]
  n = split("a1b22c", p, /[0-9]+/); print n, p[3]
  n = split("", p); print n, length(p)
  n = split("abc", p, ""); print n, p[2]
}'
