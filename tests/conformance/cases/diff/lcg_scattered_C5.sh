# 1,500 generated lines, context of 5: neighbouring hunks merge as GNU merges them.
gen() { awk -v seed=$1 -v n=$2 'function r(k) { seed = (seed * 16807) % 2147483647; return seed % k }
BEGIN { for (i = 1; i <= n; i++) { k = r(20)
    if (k < 3) print "}"; else if (k < 5) print ""; else if (k == 5) print "{"
    else if (k == 6) print "    return 0;"
    else printf "    x%d = f(%d, %d);\n", r(500), r(100), i % 37 } }'; }
edit() { awk -v seed=$1 'function r(k) { seed = (seed * 16807) % 2147483647; return seed % k }
{ k = r(100)
  if (k == 0) next
  else if (k == 1) print $0 " // changed"
  else if (k == 2) { print; print "    inserted();" }
  else if (k == 3) { print; print "}"; print "" }
  else print }'; }
gen 4242 1500 > f1
edit 8 < f1 > f2
diff -C5 --label f1 --label f2 f1 f2; echo "status $?"
