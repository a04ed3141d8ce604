mkdir sub
cd sub
echo data > f
cd ..
cat sub/f
