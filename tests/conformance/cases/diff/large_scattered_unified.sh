seq 1 1500 > f1
awk '{ if (NR % 97 == 0) print "changed " $0; else if (NR % 211 == 0) next; else print; if (NR % 301 == 0) print "inserted after " NR }' f1 > f2
diff -u --label f1 --label f2 f1 f2; echo "status $?"
