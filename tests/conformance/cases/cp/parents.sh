mkdir -p a/b d; echo x > a/b/f
cp --parents a/b/f d; find d | sort
cp -v --parents a/b/f d
