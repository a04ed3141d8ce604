printf 'abc' > f
cksum -a sha256 --untagged f
cksum -a md5 --untagged f
