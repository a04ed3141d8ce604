# from mikefarah/yq docs: usage/toml "Parse: Array Table"
printf '[owner.contact]\nname = "Tom Preston-Werner"\nage = 36\n\n[[owner.addresses]]\nstreet = "first street"\nsuburb = "ok"\n\n[[owner.addresses]]\nstreet = "second street"\nsuburb = "nice"\n' > sample.toml
yq -oy '.' sample.toml
