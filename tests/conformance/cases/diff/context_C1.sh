seq 1 12 > f1; seq 1 12 | sed -e '3d' -e 's/^9$/nine/' > f2
diff -C 1 --label x --label y f1 f2
