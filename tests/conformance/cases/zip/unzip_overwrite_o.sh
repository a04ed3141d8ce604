printf 'archived\n' > f
zip -q t.zip f
printf 'changed\n' > f
unzip -o -q t.zip; echo "status $?"; cat f
printf 'changed\n' > f
unzip -n -q t.zip; echo "status $?"; cat f
