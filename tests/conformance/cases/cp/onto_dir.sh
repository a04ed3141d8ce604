# check-stderr
mkdir -p d a/d; echo x > f
cp -r a/d .; echo "[$?]"
mkdir g; cp f g; ls g
echo y > x; mkdir -p t/x
cp x t; echo "[$?]"
cp -r t/x y; cp -r t/x x; echo "[$?]"
