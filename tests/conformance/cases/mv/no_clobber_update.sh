echo new > a; echo old > b
mv -n a b; echo "[$?]"; cat a b
touch -d 2001-01-01 a; touch -d 2002-01-01 b
mv -u a b; cat b; ls
touch -d 2003-01-01 a
mv -u a b; cat b; ls
