echo x > f; ln -s f l
mv l m; readlink m; cat m
mkdir d; mv m d; readlink d/m
