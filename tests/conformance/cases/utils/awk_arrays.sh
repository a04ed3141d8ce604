# Arrays: in, delete, length, multi-dimensional keys with SUBSEP.
awk 'BEGIN {
  a["x"] = 1; a["y"] = 2; a[3] = "three"
  print ("x" in a), ("z" in a), a[3]
  delete a["x"]
  n = 0; for (k in a) n++
  print n, ("x" in a)
  b[1, 2] = "one-two"
  for (k in b) { split(k, parts, SUBSEP); print parts[1], parts[2], b[k] }
  if ((1, 2) in b) print "found"
  delete a
  n = 0; for (k in a) n++
  print n
}'
