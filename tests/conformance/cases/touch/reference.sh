# check-stderr
touch -d "2020-05-06 07:08:09" ref
touch -r ref a; stat -c "%y" a; echo "s=$?"
touch --reference=ref b; stat -c "%y" b
touch -r ref -d "+1 hour" c; stat -c "%y" c
touch -r nosuch d; echo "s=$?"
