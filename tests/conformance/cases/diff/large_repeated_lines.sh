awk 'BEGIN { for (i = 1; i <= 1000; i++) print (i % 5 == 0 ? "}" : "x = " i % 7) }' > f1
awk '{ if (NR == 100 || NR == 500 || NR == 501 || NR == 900) print "{"; print }' f1 > f2
diff -u --label f1 --label f2 f1 f2
diff -c --label f1 --label f2 f1 f2 | tail -n 30
