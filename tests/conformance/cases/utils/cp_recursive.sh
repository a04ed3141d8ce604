mkdir -p d/sub
echo x > d/sub/f
cp -r d e
cat e/sub/f
