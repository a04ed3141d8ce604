seq 1 20 > f1; seq 1 20 | sed -e 's/^5$/five/' -e 's/^11$/eleven/' > f2
diff -u --label x --label y f1 f2
echo ---
seq 1 20 | sed -e 's/^5$/five/' -e 's/^12$/twelve/' > f3
diff -u --label x --label y f1 f3
