printf 'abc' > f
cksum -a md5 f
cksum -a sha1 f
cksum -a sha256 f
cksum -a sha512 f
