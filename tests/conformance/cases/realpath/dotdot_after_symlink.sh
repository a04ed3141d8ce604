mkdir -p x/y z; ln -s x/y ly
realpath --relative-to=. ly/.. ; realpath -s --relative-to=. ly/..
