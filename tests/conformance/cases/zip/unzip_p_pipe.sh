printf 'first\n' > a; printf 'second\n' > b
zip -q t.zip a b
unzip -p t.zip b; unzip -p t.zip; echo "status $?"
ls
