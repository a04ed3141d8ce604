printf '1\n' > a; printf '2\n' > b
touch -d '2024-01-02 03:04:05' a b
zip -q t.zip a b
zip -d t.zip a; echo "status $?"
unzip -l t.zip
