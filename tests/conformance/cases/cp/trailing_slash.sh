# check-stderr
mkdir d; echo x > f
cp -r d/ e; ls
cp f/ g; echo "[$?]"
