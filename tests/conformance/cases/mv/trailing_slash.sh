# check-stderr
mkdir d; echo x > f
mv d/ e; ls
mv f/ g; echo "[$?]"
