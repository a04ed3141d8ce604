basename /usr/lib///
