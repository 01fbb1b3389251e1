//! The legality engine: the cost model, then one file per rule.
