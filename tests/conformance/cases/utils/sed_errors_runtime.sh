# check-stderr
printf 'a\n' > f
sed p nofile f; echo "status $?"
sed -n p f nofile; echo "status $?"
echo x | sed 'b nowhere'; echo "status $?"
echo x | sed '//p'; echo "status $?"
echo x | sed -f nofile.sed; echo "status $?"
echo x | sed 's/x\{2,1\}/y/'; echo "status $?"
echo x | sed -E 's/(x/y/'; echo "status $?"
echo x | sed 's/[[:nope:]]/y/'; echo "status $?"
