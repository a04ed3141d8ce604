mkdir -p d/s; printf 'one\n' > d/a; printf 'two\n' > d/s/b; printf 'sp\n' > 'd/with space'
zip -qr t.zip d; echo "status $?"
mkdir x; cd x; unzip -q ../t.zip; echo "status $?"
find . | sort; cat d/a d/s/b 'd/with space'
