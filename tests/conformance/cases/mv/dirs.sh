mkdir -p a/b; echo x > a/b/f
mv a z; find z | sort
mkdir y; mv z y; find y | sort
mv y/z/b .; find . | sort
