seq 1 10 > f1; seq 1 10 | sed 's/^5$/five/' > f2
diff -U 0 --label x --label y f1 f2
diff -U0 --label x --label y f1 f2
