touch t; chmod 600 t; ln -s t l; chmod -v 640 l; chmod -v 640 t
