basename --suffix=.tar.gz pkg.tar.gz
