echo new > a; echo old > b
mv -f a b; cat b; ls
