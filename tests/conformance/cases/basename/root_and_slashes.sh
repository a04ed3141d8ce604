basename /; basename //; basename ///
