mkdir d; ln -s -t d one two/three; readlink d/one d/three
