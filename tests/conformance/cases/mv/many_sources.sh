mkdir d
for i in 1 2 3 4 5; do echo $i > f$i; done
mv f* d; ls d; ls
