# check-stderr
mkdir d; echo x > f
mv f d/..; echo "[$?]"
mkdir -p t/d; echo y > t/d/z
mv d t; echo "[$?]"
mkdir e; mv e t/d; echo "[$?]"
mkdir g; mv f g 2>&1; ls g
