mkdir -p a/b c; touch a/b/f; ln -sr a/b/f c/l; readlink c/l; cat c/l; ln -sr c ./c2; readlink c2
