x=1
cat <(x=2; echo "inner $x")
echo "outer $x"
