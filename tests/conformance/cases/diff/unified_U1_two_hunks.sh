seq 1 20 > f1; seq 1 20 | sed -e 's/^3$/three/' -e 's/^15$/fifteen/' > f2
diff -U 1 --label x --label y f1 f2
