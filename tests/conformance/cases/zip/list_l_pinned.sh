printf 'hello\n' > a; printf 'world!!\n' > b
touch -d '2024-01-02 03:04:05' a b
zip -q t.zip a b; echo "status $?"
unzip -l t.zip; echo "status $?"
