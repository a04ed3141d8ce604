mkdir d; echo x > d/f; ln -s f d/l
cp -r d e; readlink e/l
cp -a d g; readlink g/l
cp -rL d h; readlink h/l; cat h/l
cp -P d/l m; readlink m
cp d/l n; readlink n; cat n
