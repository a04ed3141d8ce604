dirname /; dirname //; dirname ///
