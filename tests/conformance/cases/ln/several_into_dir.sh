mkdir d; ln -s a b c d; ls d
