echo new > a; echo old > b
touch -d '2001-01-01' a; touch -d '2002-01-01' b
cp -u a b; cat b
touch -d '2003-01-01' a
cp -u a b; cat b
cp -u a c; cat c
