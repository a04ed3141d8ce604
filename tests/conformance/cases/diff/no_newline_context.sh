printf 'x\ny' > f1; printf 'x\nz' > f2
diff -c --label x --label y f1 f2
