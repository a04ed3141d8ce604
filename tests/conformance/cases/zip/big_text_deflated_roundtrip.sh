seq 1 20000 > big
zip -q t.zip big; mkdir x; unzip -q t.zip -d x; cmp big x/big && echo same
unzip -p t.zip big | tail -n 1
