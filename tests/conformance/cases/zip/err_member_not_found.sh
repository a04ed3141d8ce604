# check-stderr
printf '1\n' > a; zip -q t.zip a
unzip -q t.zip nope; echo "status $?"
