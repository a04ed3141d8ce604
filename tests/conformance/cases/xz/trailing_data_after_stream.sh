# check-stderr
printf 'hello\n' | xz > base.xz
for g in 'junk' 'junkjunkjun' 'junkjunkjunk' '\0\0\0\0' '\0\0' '\0\0\0\0junk' '\0\0junk' '\3757zXZ'; do
  cp base.xz t.xz; printf "$g" >> t.xz
  xzcat t.xz; echo "status $?"
done
cp base.xz t.xz; printf 'ab' >> t.xz; xz -t t.xz; echo "status $?"
