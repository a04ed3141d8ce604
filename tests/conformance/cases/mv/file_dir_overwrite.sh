# check-stderr
mkdir d; echo x > f
mkdir -p t/f; echo z > t/d
mv -T f d; echo "[$?]"
mv -T d f; echo "[$?]"
mv d t; echo "[$?]"
