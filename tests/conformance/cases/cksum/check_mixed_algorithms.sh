printf 'abc' > f
{ cksum -a md5 f; cksum -a sha1 f; cksum -a blake2b -l 128 f; } > sums
cksum -c sums; echo "status $?"
