mkdir d e; ln -s d ld; ln -sfn e ld; readlink ld; ls d
